import { categoryBrands, categoryIds, webTexts } from '@recell/contract';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/components/content-icons';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from '@/components/social-icons';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { DemoMailboxLink } from '@/features/auth';

const socialLinks: { name: string; href: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/recell', Icon: FacebookIcon },
  { name: 'X', href: 'https://x.com/recell', Icon: XIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/recell', Icon: InstagramIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/@recell', Icon: YoutubeIcon },
];

const contact = {
  address: '27 Market Street, Springfield, IL 62701',
  email: 'support@recell.com',
  phone: '+1 (555) 010-4477',
};

const linkGroups: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'About',
    links: [
      { label: 'About us', to: paths.about.to() },
      { label: 'Contact', to: `${paths.about.to()}#contact` },
    ],
  },
  { title: 'Blog', links: [{ label: webTexts.navBlogs, to: paths.blogs.to() }] },
  {
    title: 'Categories',
    links: categoryIds.map((id) => ({ label: categoryBrands[id], to: paths.category.to(id) })),
  },
];

const footerLink = 'rounded text-slate-300 underline-offset-4 hover:text-white hover:underline';

/** The footer; the layout loads it lazily (it sits below the fold on first load). */
export default function SiteFooter() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 dark:border-t dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <section aria-labelledby="footer-newsletter" className="lg:col-span-2">
          <Logo inverted />
          <h2 id="footer-newsletter" className="mt-4 text-base font-semibold text-white">
            Stay in the loop
          </h2>
          <p className="mt-2 max-w-sm text-sm leading-6">
            New listings, price drops and tips for buying a used phone safely. Follow ReCell to hear about the best
            deals on Apple, Xiaomi and Samsung phones first.
          </p>
          <ul className="mt-4 flex gap-2" aria-label="ReCell on social media">
            {socialLinks.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  aria-label={`ReCell on ${name}`}
                  className="flex size-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-teal-700 hover:text-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        {linkGroups.map((group) => (
          <nav key={group.title} aria-label={`${group.title} links`}>
            <h2 className="text-base font-semibold text-white">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <section aria-labelledby="footer-contact" className="sm:col-span-2 lg:col-span-5">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact
          </h2>
          <address className="mt-3 flex flex-col gap-2 text-sm not-italic sm:flex-row sm:flex-wrap sm:gap-6">
            <span className="flex items-center gap-2">
              <MapPinIcon className="size-4 shrink-0" />
              {contact.address}
            </span>
            <a href={`mailto:${contact.email}`} className={`flex items-center gap-2 ${footerLink}`}>
              <MailIcon className="size-4 shrink-0" />
              {contact.email}
            </a>
            <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className={`flex items-center gap-2 ${footerLink}`}>
              <PhoneIcon className="size-4 shrink-0" />
              {contact.phone}
            </a>
          </address>
        </section>
      </div>
      <div className="flex flex-wrap justify-center gap-x-6 gap-y-2 border-t border-slate-800 px-4 py-4 text-center text-sm text-slate-400">
        <span>© {new Date().getFullYear()} ReCell. All rights reserved.</span>
        {/* A demo server's emails arrive in its demo mailbox (nothing in production). */}
        <DemoMailboxLink className={footerLink} />
      </div>
    </footer>
  );
}
