/** The alignment tool's icon: a picture with a grid over it, as icons.tsx draws its line icons. */
export const PictureAlignIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
    <rect x="3" y="3" width="18" height="18" rx="1" />
    <path d="M3 16l5-5 4 4 3-3 6 6" />
    <path d="M9 3v18M15 3v18M3 9h18" stroke-width="1" stroke-dasharray="2 2" />
  </svg>
);
