"use client";

import Link from "next/link";
import { useCan } from "../actor";
import { useComponentPage } from "../components/use-components";
import { useMembers } from "../members/use-members";
import { useMonitors } from "../monitors/use-monitors";
import { useEndpoints, useSubscribers } from "../notifications/use-notifications";

type Step = {
  /** Whether the signed-in member can take the step, and so read the list that judges it. */
  shown: boolean;
  /** Whether that list has loaded: until every shown step's has, the card waits. */
  known: boolean;
  done: boolean;
  text: string;
  action: string;
  href: string;
  /** A page outside the dashboard, reached by a plain link rather than the dashboard's router. */
  outside?: boolean;
};

/**
 * The first steps of a new workspace, each ticked once done, until every one is and the card
 * goes. A member sees the steps their role can take: editors add components and monitors;
 * notification channels, subscribers and teammates are an admin's, whose lists only admins may
 * read. A viewer takes no step and sees no card.
 */
export function GetStarted() {
  const editor = useCan("editor");
  const admin = useCan("admin");
  const components = useComponentPage();
  const monitors = useMonitors();
  const endpoints = useEndpoints({ enabled: admin });
  const subscribers = useSubscribers({ enabled: admin });
  const members = useMembers({ enabled: admin });

  const steps = (
    [
      {
        shown: editor,
        known: components.isSuccess,
        done: (components.data?.components.length ?? 0) > 0,
        text: "Add the components your visitors rely on, such as your website or your API.",
        action: "Add components",
        href: "/dashboard/components",
      },
      {
        shown: editor,
        known: monitors.isSuccess,
        done: (monitors.data?.monitors.length ?? 0) > 0,
        text: "Add a monitor: it checks a URL and sets its component's status by itself.",
        action: "Add a monitor",
        href: "/dashboard/monitors",
      },
      {
        shown: admin,
        known: endpoints.isSuccess,
        done: (endpoints.data?.length ?? 0) > 0,
        text: "Send incidents and maintenance to a webhook, Slack or Discord.",
        action: "Add a notification channel",
        href: "/dashboard/notifications",
      },
      {
        shown: admin,
        known: subscribers.isSuccess,
        done: (subscribers.data?.length ?? 0) > 0,
        text: "Share your subscribe page, so visitors hear of incidents and maintenance by email.",
        action: "Open the subscribe page",
        href: "/public/subscriptions",
        outside: true,
      },
      {
        shown: admin,
        known: members.isSuccess,
        done:
          (members.data?.members.length ?? 0) > 1 || (members.data?.invitations.length ?? 0) > 0,
        text: "Invite a teammate, so someone else can post an update too.",
        action: "Invite a teammate",
        href: "/dashboard/members",
      },
    ] satisfies Step[]
  ).filter((step) => step.shown);

  if (!steps.length || steps.some((step) => !step.known) || steps.every((step) => step.done)) {
    return null;
  }
  const done = steps.filter((step) => step.done).length;
  return (
    <section className="card" aria-label="Get started">
      <h2>Get started</h2>
      <p className="muted">
        {done} of {steps.length} done. This card goes once every step is.
      </p>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.href} className={step.done ? "done" : undefined}>
            <span className="tick" role="img" aria-label={step.done ? "done" : "to do"}>
              {step.done ? "✓" : ""}
            </span>
            <span>
              {step.text}{" "}
              {step.outside ? (
                <a href={step.href}>{step.action}</a>
              ) : (
                <Link href={step.href}>{step.action}</Link>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
