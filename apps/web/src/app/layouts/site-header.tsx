import { webTexts } from '@recell/contract';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { CloseIcon, MenuIcon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';

// What only signed-in people see (the notifications bell, Dashboard, Log out) is a chunk of its own:
// loaded only for them, it keeps the bell and its polling out of the home page's first load.
const SignedInMenu = lazy(() => import('./signed-in-menu'));

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

export function SiteHeader() {
  const auth = useAuth();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const searchId = useId();
  const navigate = useNavigate();
  const close = () => {
    setMenuOpen(false);
  };

  // Escape closes the open menu.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isMenuOpen]);

  const item = (to: string, label: ReactNode, extra = '', end = false) => (
    <li className={extra}>
      <NavLink to={to} end={end} className={itemClass} onClick={close}>
        {label}
      </NavLink>
    </li>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <Link to={paths.home.to()} className="flex min-h-11 items-center rounded-lg px-1" onClick={close}>
          <Logo />
        </Link>

        <button
          type="button"
          className="btn px-3 text-slate-800 hover:bg-slate-100 md:hidden dark:text-slate-100 dark:hover:bg-slate-800"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => {
            setMenuOpen((open) => !open);
          }}
        >
          {isMenuOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
          {webTexts.menu}
        </button>

        {/* A plain GET form, so it works before the page's code has run; then it navigates in the app.
            Below lg it is a row of its own under the logo. */}
        <form
          role="search"
          action={paths.search.to()}
          method="get"
          className="flex w-full gap-2 pb-2 lg:w-auto lg:flex-1 lg:justify-end lg:pb-0"
          onSubmit={(event) => {
            event.preventDefault();
            close();
            // The form's one field, q, as the query string the plain form would send.
            const query = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
            void navigate(`${paths.search.to()}?${query}`);
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            {webTexts.headerSearchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            enterKeyHint="search"
            maxLength={100}
            placeholder={webTexts.headerSearchLabel}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-500 bg-transparent px-3 lg:max-w-64"
          />
          <button type="submit" className="btn btn-outline">
            {webTexts.headerSearchButton}
          </button>
        </form>

        <ul
          id={menuId}
          className={`${isMenuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          {item(paths.home.to(), webTexts.navHome, '', true)}
          {item(paths.about.to(), webTexts.navAbout)}
          {item(paths.blogs.to(), webTexts.navBlogs)}
          {auth.status === 'signedIn' ? (
            <Suspense>
              <SignedInMenu auth={auth} item={item} close={close} />
            </Suspense>
          ) : auth.status === 'signedOut' ? (
            item(paths.login.to(), webTexts.navLogin)
          ) : null}
          <li>
            <ThemeToggle className="w-full justify-start md:w-auto" />
          </li>
        </ul>
      </nav>
    </header>
  );
}
