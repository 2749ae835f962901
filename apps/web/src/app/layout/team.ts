import config from './team.json';

/** A member credited in the footer. Fill `name`, `github` and `linkedin` in team.json; empty fields are not shown. */
export interface TeamMember {
  role: string;
  name?: string;
  github?: string;
  linkedin?: string;
}

/** Only absolute https links are rendered, so a typo in the config cannot produce a script or relative URL. */
export function safeProfileUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export const TEAM: readonly TeamMember[] = (config.team as TeamMember[]).filter(
  (member) => typeof member.role === 'string' && member.role.trim() !== '',
);
