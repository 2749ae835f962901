import { type FormEvent, useRef, useState } from 'react';
import { useStaffSearch } from './api/find-staff';
import type { StaffMember } from './staff-member';

type FocusTarget = 'chip' | 'input';

/**
 * The staff filter's search: the text typed, the term sent, the staff members it finds, and where focus
 * goes when the filter turns from the search box into the chosen member and back.
 */
export function useStaffFilter(onPick: (member: StaffMember) => void, onClear: () => void) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const search = useStaffSearch(term);
  const focusNext = useRef<FocusTarget | null>(null);

  /** A ref that focuses its element when it mounts, if focus was meant to go to that kind of element. */
  const focusOnMount = (kind: FocusTarget) => (element: HTMLElement | null) => {
    if (element && focusNext.current === kind) {
      element.focus();
      focusNext.current = null;
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTerm(text.trim());
  };

  const pick = (member: StaffMember) => {
    focusNext.current = 'chip';
    setText('');
    setTerm('');
    onPick(member);
  };

  const clear = () => {
    focusNext.current = 'input';
    onClear();
  };

  return { text, setText, term, search, focusOnMount, submit, pick, clear };
}
