import { Page } from '@/components/ui/page';

const faqs: { question: string; answer: string[] }[] = [
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state lives in a component with useState or useReducer; lift it up to the nearest common parent when siblings need it. Context shares a value (theme, signed-in user) with a whole subtree without passing props through every level.',
      'Server data (lists, details) is best kept in a data-fetching cache such as TanStack Query, which handles loading, errors, retries and refetching. The URL (path and search parameters) is state too, and the right home for filters and pagination. For large shared client state, stores such as Redux Toolkit, Zustand or Jotai add predictable updates and devtools.',
    ],
  },
  {
    question: 'How does prototypical inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, [[Prototype]], to another object. When you read a property the object does not have, the engine follows that link, then the prototype’s prototype, and so on until it finds the property or reaches null.',
      'Object.create(proto) makes an object with a chosen prototype; a constructor function called with new links the new object to Constructor.prototype. The class syntax is the same mechanism with friendlier notation: methods live once on the prototype and are shared by every instance.',
    ],
  },
  {
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      'A unit test checks one small piece of code, such as a function or a component, in isolation: given this input, it must produce that output or behaviour. Unit tests run in milliseconds, so they can run on every change.',
      'They catch regressions before users do, make refactoring safe, document how the code is meant to be used and push you towards smaller, decoupled designs. A good test asserts behaviour someone relies on, not implementation details.',
    ],
  },
  {
    question: 'React vs. Angular vs. Vue?',
    answer: [
      'React is a library for building UIs from components with JSX; routing, data fetching and forms come from the ecosystem, which gives freedom but means more choices. Angular is a complete framework by Google with TypeScript, dependency injection, a router, forms and an HTTP client built in: opinionated and well suited to large teams.',
      'Vue sits in between: HTML-based templates with fine-grained reactivity, an official router and store, and a gentle learning curve. All three are mature and fast; pick the one that fits your team’s skills and how much structure you want out of the box.',
    ],
  },
];

function BlogsPage() {
  return (
    <Page title="Blogs" heading="Blogs">
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Frequently asked questions, answered by the ReCell developers.
      </p>
      <div className="mt-8 space-y-4">
        {faqs.map((faq) => (
          <details
            key={faq.question}
            className="group rounded-2xl border border-slate-200 bg-white p-5 open:shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
              <span className="flex items-start justify-between gap-4">
                <h2 className="text-lg font-semibold">{faq.question}</h2>
                <span
                  aria-hidden="true"
                  className="text-2xl leading-none text-teal-700 group-open:rotate-45 dark:text-teal-300"
                >
                  +
                </span>
              </span>
            </summary>
            <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300">
              {faq.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </Page>
  );
}

export default BlogsPage;
