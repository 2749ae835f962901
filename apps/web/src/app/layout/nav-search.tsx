import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons';

/** The search target: only `search` in the query string (other filters are dropped); empty goes to /home. */
export function searchUrl(term: string): string {
  const trimmed = term.trim();
  return trimmed ? `/home?search=${encodeURIComponent(trimmed)}` : '/home';
}

/** Navbar search: no required or length rule; submitting navigates to the catalogue and clears the input. */
export function NavSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(searchUrl(term));
    setTerm('');
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers and to jsdom
    <form role="search" className={`nav-search ${className}`} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        name="search"
        className="nav-search__input"
        placeholder="search"
        autoComplete="off"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="nav-search__submit" aria-label="Search">
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
