import { Icon } from '../../../components/icons';

export function PencilIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}
