import type { DashboardSectionId } from './sections';
// One sprite file (an image, fetched once and cached), not SVG elements in the dashboard's script:
// the icons' markup left the JavaScript every dashboard loads (ADR 0014). The logo too.
import sprite from './icons.svg';
import logo from './logo.svg';

type IconName = DashboardSectionId | 'search' | 'settings' | 'menu' | 'close';

// Line icons (24px grid, stroke = currentColor) so the navigation follows the text colour. The
// sprite's symbols set no paint of their own: they take it from this <svg>, through the <use>.
function Svg({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export function SectionIcon({ id }: { id: DashboardSectionId }) {
  return <Svg name={id} />;
}

export function SearchIcon() {
  return <Svg name="search" />;
}

export function SettingsIcon() {
  return <Svg name="settings" />;
}

export function MenuIcon({ open }: { open: boolean }) {
  return <Svg name={open ? 'close' : 'menu'} />;
}

/** The Caucus mark, decorative beside the name: an image file, as the icons (ADR 0014). */
export function LogoMark() {
  return <img src={logo} width={32} height={32} alt="" />;
}
