import './user-avatar.css';

/** A round picture of the user, or the first letter of their name on the shop's ink when there is none. */
export function UserAvatar({
  image,
  name,
  size = 'md',
  className = '',
}: {
  image: string;
  name: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}) {
  const initial = (name.trim() || '?').charAt(0).toUpperCase();
  return (
    <span className={`account-avatar account-avatar--${size} ${className}`}>
      {image ? <img src={image} alt="" /> : <span aria-hidden="true">{initial}</span>}
    </span>
  );
}
