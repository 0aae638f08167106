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
export const RectangleIcon = () => (
  <Icon>
    <rect x="4" y="5" width="16" height="14" rx="1" />
    <path d="M4 12h16M12 5v14" stroke-opacity="0.4" />
  </Icon>
);
export const LineIcon = () => (
  <Icon>
    <path d="M4 20L20 4" />
    <circle cx="4" cy="20" r="1.5" />
    <circle cx="20" cy="4" r="1.5" />
  </Icon>
);
export const FillIcon = () => (
  <Icon>
    <path d="M5 11l7-7 7 7-7 7z" />
    <path d="M19 14c0 0 2 2.5 2 4a2 2 0 01-4 0c0-1.5 2-4 2-4z" />
  </Icon>
);
/** The picture wand: a wand with a spark. */
export const WandIcon = () => (
  <Icon>
    <path d="M4 20L14 10" />
    <path d="M17 3v4M15 5h4M20 9v2M19 10h2M11 4v2M10 5h2" />
  </Icon>
);
export const EraserIcon = () => (
  <Icon>
    <path d="M15 4l5 5-10 10H5l-2-2z" />
    <path d="M9 10l5 5M10 19h10" />
  </Icon>
);
export const EyedropperIcon = () => (
  <Icon>
    <path d="M17 3l4 4-3 3-4-4zM14 6l-9 9v4h4l9-9" />
  </Icon>
);
export const WallIcon = () => (
  <Icon>
    <path d="M3 5h18v14H3zM3 12h18M9 5v7M15 12v7" />
  </Icon>
);
/** A layer shown: an open eye. */
export const EyeIcon = () => (
  <Icon>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
/** A layer hidden: the eye struck through. */
export const EyeOffIcon = () => (
  <Icon>
    <path d="M2 12s3.5-7 10-7c2 0 3.7.7 5.1 1.6M22 12s-3.5 7-10 7c-2 0-3.7-.7-5.1-1.6" />
    <path d="M9.9 14.1a3 3 0 014.2-4.2" />
    <path d="M3 21L21 3" />
  </Icon>
);
/** A layer locked: a closed padlock. */
export const LockIcon = () => (
  <Icon>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 018 0v4" />
  </Icon>
);
/** A layer open to edits: the padlock's shackle lifted. */
export const UnlockIcon = () => (
  <Icon>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 017.7-1.5" />
  </Icon>
);
/** Labels and notes: a letter T beside a pin. */
export const LabelIcon = () => (
  <Icon>
    <path d="M3 5h10M8 5v14" />
    <path d="M18 21l-3-6a3 3 0 116 0z" />
  </Icon>
);
/** The Region tool: a dashed square (a marquee) round a filled one. */
export const RegionIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" stroke-dasharray="3 3" />
    <rect x="8" y="8" width="8" height="8" fill="currentColor" stroke="none" opacity="0.5" />
  </Icon>
);

/** Stamps: a rubber stamp's handle over its pad. */
export const StampIcon = () => (
  <Icon>
    <rect x="8" y="3" width="8" height="7" rx="2" />
    <path d="M10 10v4M14 10v4M4 14h16v4H4z" />
  </Icon>
);
