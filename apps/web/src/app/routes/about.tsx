import { webTexts } from '@recell/contract';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/features/auth';
import { ContactForm } from '@/features/contact';

function AboutPage() {
  const auth = useAuth();
  // A signed-in person's name and email fill the contact form (once the session is known: the page
  // is prerendered for visitors).
  const sender = auth.status === 'signedIn' ? { name: auth.user.name, email: auth.user.email } : undefined;
  return (
    <Page title="About" heading="About ReCell">
      <div className="mt-6 grid gap-12 lg:grid-cols-2">
        <div className="space-y-4 leading-7 text-slate-700 dark:text-slate-300">
          <p>
            ReCell is a marketplace for used mobile phones. People who have a phone they no longer need list it in a few
            minutes, and buyers find Apple, Xiaomi and Samsung phones in good condition for much less than a new one.
          </p>
          <p>
            Every listing shows the price next to the original price, how long the phone has been used, its condition
            and where it is. Sellers can advertise a listing on the home page, and sellers we have checked carry a
            verified badge.
          </p>
          <p>
            Buyers book a phone, keep a wishlist of the ones they like, pay by card and can report a listing that looks
            wrong; our admins review every report. Giving a phone a second owner saves money and keeps a working device
            out of the bin.
          </p>
        </div>
        <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-24">
          <h2 id="contact-heading" className="text-2xl font-bold">
            {webTexts.contactHeading}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Questions, ideas or a problem with a listing? Write to us.
          </p>
          <div className="mt-6">
            <ContactForm sender={sender} />
          </div>
        </section>
      </div>
    </Page>
  );
}

export default AboutPage;
