import { AUDIT_KINDS, type AuditKind, userIdSchema } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACTIVITY_PAGE_SIZE, type ActivityFilter, useActivity } from './api/get-activity';
import type { StaffMember } from './staff-member';

/** The filter and page the address names; anything it cannot mean is left out. */
export function readFilter(params: URLSearchParams): ActivityFilter {
  const kind = params.get('kind') ?? '';
  const actor = params.get('actor') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    kind: (AUDIT_KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : undefined,
    actor: userIdSchema.safeParse(actor).success ? actor : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * The Activity tab's data: the filter and page from the address, the events they list, the addresses of
 * other filters and pages, who the chosen staff member is, and focus on the heading after a page change.
 */
export function useActivityTab() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const activity = useActivity(filter);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const [picked, setPicked] = useState<StaffMember | undefined>();

  // After a page change from the pager, reading goes on from the top of the list.
  useEffect(() => {
    if (!focusHeading.current || activity.isPlaceholderData || !activity.data) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [activity.data, activity.isPlaceholderData]);

  /** The address with these parameters changed (undefined removes one); the page restarts at 1. */
  const withParams = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'page' && value === '1')) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const apply = (changes: Record<string, string | undefined>) =>
    setParams(new URLSearchParams(withParams(changes)), { preventScrollReset: true });

  const events = activity.data?.events ?? [];
  const actorName =
    picked && picked._id === filter.actor
      ? picked
      : events.find((event) => event.actor._id === filter.actor)?.actor;

  return {
    filter,
    filtered: filter.kind !== undefined || filter.actor !== undefined,
    activity,
    events,
    hasNext: events.length >= ACTIVITY_PAGE_SIZE,
    actorName,
    heading,
    withParams,
    apply,
    pickActor: (member: StaffMember) => {
      setPicked(member);
      apply({ actor: member._id });
    },
    /** Called when a pager link is followed: focus goes to the heading once the new page is there. */
    focusHeadingNext: () => {
      focusHeading.current = true;
    },
  };
}
