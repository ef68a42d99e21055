import { webTexts } from '@recell/contract';

/** Home: the text block on why to use old phones. */
export function WhyUsedPhones() {
  return (
    <section aria-labelledby="why-used-heading" className="mx-auto max-w-7xl px-4 py-12">
      <div className="rounded-2xl bg-teal-50 p-6 sm:p-10 dark:bg-slate-900">
        <h2 id="why-used-heading" className="text-2xl font-bold sm:text-3xl">
          {webTexts.whyUsedHeading}
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 leading-7 text-slate-700 dark:text-slate-300">
          <p>
            A phone that is a year or two old does almost everything a new one does: the same apps, a sharp camera and
            years of security updates left. It costs a fraction of the price, because the steepest loss in value has
            already happened. The money you save can go on a good case, more storage or simply stay in your pocket.
          </p>
          <p>
            Buying used is also the greenest choice. Most of a phone&apos;s carbon footprint comes from making it, so
            every phone that gets a second owner saves the metals, energy and water a new one would need, and keeps a
            working device out of the waste stream.
          </p>
          <p>
            On ReCell you see the condition, how long a phone has been used and where it is before you book it, and a
            blue badge tells you the seller has been verified. Book the phone you like and pay for it securely by card.
          </p>
        </div>
      </div>
    </section>
  );
}
