import { lazy, type MouseEvent, Suspense, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFavorite } from '../lib/favorites';
import { AlertError } from './alert-error';
import { HeartIcon } from './icons';
import type { SignInPromptKind } from './sign-in-prompt';
import './favorite-button.css';

const loadPrompt = () => import('./sign-in-prompt');
const SignInPrompt = lazy(loadPrompt);

export const FAVORITE_GUEST_TEXT = 'You must be logged in to add favourites';

export const favoriteLabel = (name: string, favorite: boolean) =>
  favorite ? `Remove ${name} from favourites` : `Add ${name} to favourites`;

/** One place at the bottom of the screen where failed toggles report, stacked. */
function alertHost(): HTMLElement {
  let host = document.getElementById('floating-alerts');
  if (!host) {
    host = document.createElement('div');
    host.id = 'floating-alerts';
    host.className = 'floating-alerts';
    document.body.append(host);
  }
  return host;
}

interface FavoriteButtonProps {
  product: { _id: string; name: string };
  /** 'card': a round button over a product card's picture; 'page': beside the product page's cart button. */
  variant?: 'card' | 'page';
  className?: string;
}

/**
 * The favourite heart (spec: "Favourite heart toggle"). A verified user toggles at once, and a failed
 * call puts the heart back with the red alert; a guest is asked to log in, an unverified user to verify
 * the e-mail. It sits above the card's link, so pressing it never opens the product.
 */
export function FavoriteButton({ product, variant = 'card', className = '' }: FavoriteButtonProps) {
  const { access, isFavorite, toggle } = useFavorite(product._id);
  const button = useRef<HTMLButtonElement>(null);
  const [prompt, setPrompt] = useState<SignInPromptKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const promptId = useId();

  async function onClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (prompt) {
      setPrompt(null);
      return;
    }
    setError(null);
    const change = isFavorite ? 'removed from' : 'added to';
    try {
      const outcome = await toggle();
      if (outcome !== 'toggled') setPrompt(outcome);
    } catch (failure) {
      // Shown away from the card, so it names the product.
      const reason = failure instanceof Error ? failure.message : 'please try again';
      setError(`${product.name} was not ${change} your favourites: ${reason}`);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`favorite-button favorite-button--${variant} ${className}`}
        aria-pressed={isFavorite}
        aria-label={favoriteLabel(product.name, isFavorite)}
        aria-controls={prompt ? promptId : undefined}
        onClick={onClick}
        onPointerEnter={access === 'verified' ? undefined : () => void loadPrompt()}
      >
        <HeartIcon filled={isFavorite} size={variant === 'page' ? 26 : 22} />
      </button>
      {prompt ? (
        <Suspense fallback={null}>
          <SignInPrompt
            id={promptId}
            kind={prompt}
            guestText={FAVORITE_GUEST_TEXT}
            target={button}
            show
            onHide={() => setPrompt(null)}
          />
        </Suspense>
      ) : null}
      {error
        ? createPortal(
            <AlertError message={error} onClose={() => setError(null)} className="floating-alerts__alert" />,
            alertHost(),
          )
        : null}
    </>
  );
}
