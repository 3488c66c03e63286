"use client";

import Link from "next/link";
import { Time } from "@/app/ui/time";
import type { AuditEntry } from "../api-types";
import { ACTOR_TYPE_LABEL, shownValue, targetHref, targetTypeLabel } from "./audit-words";

function Value({ value }: { value: unknown }) {
  const { text, whole } = shownValue(value);
  return <code title={whole}>{text}</code>;
}

/** The fields a change set, one a line: `field: before → after`. */
function Changes({ changes }: { changes: AuditEntry["changes"] }) {
  const fields = Object.entries(changes ?? {});
  if (!fields.length) return <span className="muted">—</span>;
  return (
    <ul className="plain">
      {fields.map(([field, { from, to }]) => (
        <li key={field}>
          {field}: <Value value={from} />
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <Value value={to} />
        </li>
      ))}
    </ul>
  );
}

export function AuditRow({ entry, gone }: { entry: AuditEntry; gone: Set<string> }) {
  const { actor, target } = entry;
  const href = targetHref(target, gone);
  const name = target.name ?? target.id ?? "—";
  return (
    <tr data-testid="audit-entry">
      <td>
        <Time iso={entry.at} />
      </td>
      <td>
        {actor.name}
        <div className="muted">{ACTOR_TYPE_LABEL[actor.type]}</div>
      </td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        {href ? <Link href={href}>{name}</Link> : name}
        <div className="muted">{targetTypeLabel(target.type)}</div>
      </td>
      <td>
        <Changes changes={entry.changes} />
      </td>
    </tr>
  );
}
