/** The printable return slip of a return (the buyer and staff may open it): HTML, opened in a new tab. */
export const returnSlipUrl = (returnId: string) => `/api/returns/${encodeURIComponent(returnId)}/slip`;
