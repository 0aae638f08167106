import type { JSX } from 'solid-js';

/** Small line icons drawn as SVG, so they look the same on every system (no emoji font needed). */
function Icon(props: { children: JSX.Element }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
      {props.children}
    </svg>
  );
}

export const SelectIcon = () => (
  <Icon>
    <path d="M5 3l13 8-6 1.5L9 19z" />
  </Icon>
);
export const PanIcon = () => (
  <Icon>
    <path d="M12 2v20M2 12h20M12 2l-3 3M12 2l3 3M12 22l-3-3M12 22l3-3M2 12l3-3M2 12l3 3M22 12l-3-3M22 12l-3 3" />
  </Icon>
);
export const BrushIcon = () => (
  <Icon>
    <path d="M18 3l3 3-9 9-3-3zM9 12c-3 0-5 2-5 5 0 1.5-1 2.5-2 3 3 1 7 0 8.5-2 1-1.4.5-3.5-1.5-6z" />
  </Icon>
);
export const CreatureIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="7" />
    <path d="M12 9v6M9 12h6" />
  </Icon>
);
