/** Marketing consent (issue 40), free of zod so any page can import it cheaply. */

/** Whether the person wants marketing e-mail: they said yes, they said no, or nobody asked yet. */
export const MARKETING_STATES = ['subscribed', 'unsubscribed', 'not_asked'] as const;
export type MarketingState = (typeof MARKETING_STATES)[number];

/**
 * The lawful basis a marketing e-mail is sent on: the person's consent, or the soft opt-in of a customer who
 * bought before (where the owner turns it on; every such e-mail carries an unsubscribe).
 */
export const MARKETING_BASES = ['consent', 'soft_opt_in'] as const;
export type MarketingBasis = (typeof MARKETING_BASES)[number];

/** Where the person gave or withdrew it: the sign-up form, their profile, an e-mail's unsubscribe. */
export const MARKETING_SOURCES = ['sign-up', 'profile', 'unsubscribe'] as const;
export type MarketingSource = (typeof MARKETING_SOURCES)[number];

/** What the sign-up form and the profile ask (unticked by default). */
export const MARKETING_QUESTION = 'E-mail me price drops and offers';
