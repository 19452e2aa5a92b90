import {
  Bell,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Menu,
  Moon,
  Pause,
  Play,
  Search,
  Sun,
  X,
} from 'lucide';
import { Glyph } from './glyph';

/**
 * The icons of the header's and the carousels' controls, as elements. Server components draw them
 * and hand them to the client components as props, so their SVG arrives with the page instead of
 * in every page's first scripts; a client component that draws one of these controls itself (the
 * phone menu, a carousel built in the browser) takes them from here.
 */
export const searchIcons = () => ({
  search: <Glyph icon={Search} className="size-4" />,
  clear: <Glyph icon={X} className="size-4" />,
});

export const themeIcons = () => (
  <>
    <Glyph icon={Sun} className="hidden size-5 dark:block" />
    <Glyph icon={Moon} className="size-5 dark:hidden" />
  </>
);

export const bellIcon = () => <Glyph icon={Bell} className="size-5" />;

export const menuIcons = () => ({
  menu: <Glyph icon={Menu} className="size-6" />,
  search: <Glyph icon={Search} className="size-5" />,
});

export const chevronDownIcon = () => <Glyph icon={ChevronDown} className="size-4" />;

export const carouselIcons = () => ({
  previous: <Glyph icon={ChevronLeft} className="size-5" />,
  next: <Glyph icon={ChevronRight} className="size-5" />,
  pause: <Glyph icon={Pause} className="size-5" />,
  play: <Glyph icon={Play} className="size-5" />,
});

export type SearchIcons = ReturnType<typeof searchIcons>;
export type MenuIcons = ReturnType<typeof menuIcons>;
export type CarouselIcons = ReturnType<typeof carouselIcons>;
