import type { JSX } from 'solid-js';

/** Play mode's tool icons, drawn like ui/icons.tsx (line SVGs). */
function Icon(props: { children: JSX.Element }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
      {props.children}
    </svg>
  );
}

/** A path with waypoints: the move tool. */
export const MoveIcon = () => (
  <Icon>
    <circle cx="5" cy="18" r="2" />
    <path d="M7 17l4-6 4 3 4-8" />
    <path d="M16 6h3v3" />
  </Icon>
);
/** A disc shoved along an arrow: forced movement. */
export const PushIcon = () => (
  <Icon>
    <circle cx="7" cy="12" r="3" />
    <path d="M12 12h9M18 9l3 3-3 3M3 6v12" />
  </Icon>
);
/** Two discs and the lines between them: line of sight and cover. */
export const LinesIcon = () => (
  <Icon>
    <circle cx="5" cy="6" r="2.5" />
    <circle cx="19" cy="18" r="2.5" />
    <path d="M7 8l10 8M7 5l12 10" stroke-dasharray="2 2" />
  </Icon>
);
/** A ruler with its marks: the free ruler. */
export const RulerIcon = () => (
  <Icon>
    <path d="M3 17L17 3l4 4L7 21z" />
    <path d="M7 13l2 2M10 10l2 2M13 7l2 2" />
  </Icon>
);
/** A quarter circle spreading from a corner: area templates. */
export const AreaIcon = () => (
  <Icon>
    <path d="M4 20V6a14 14 0 0 1 14 14z" />
    <circle cx="4" cy="20" r="1.5" />
  </Icon>
);
