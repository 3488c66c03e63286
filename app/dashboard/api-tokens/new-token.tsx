"use client";

import { focusItemWhenShown, focusOnMount } from "@/app/ui/announcer";
import { CopyField } from "@/app/ui/copy-field";
import { Time } from "@/app/ui/time";
import type { ApiTokenCreated } from "../api-types";

/** Two requests a script could make with the new secret, against this deployment's own address. */
function examples(secret: string, origin: string) {
  const auth = `-H "Authorization: Bearer ${secret}"`;
  const incident = JSON.stringify({
    title: "Slow checkouts",
    impact: "minor",
    body: "We are looking into slow responses.",
    status: "investigating",
    visibility: "published",
  });
  return {
    read: `curl ${auth} \\\n  ${origin}/v1/components`,
    declare: [
      `curl -X POST ${auth} \\`,
      `  -H "Content-Type: application/json" \\`,
      `  -d '${incident}' \\`,
      `  ${origin}/v1/incidents`,
    ].join("\n"),
  };
}

/** A token just made: its secret, shown this once, and how to use it. */
export function NewToken({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const { token, secret } = created;
  // Shown only after a creation in this browser, so the page's own address is at hand.
  const { read, declare } = examples(secret, window.location.origin);
  return (
    <div className="stack spaced">
      <p className="success" role="status" tabIndex={-1} ref={focusOnMount}>
        {token.name} created, with the {token.role} role,{" "}
        {token.expiresAt ? (
          <>
            until <Time iso={token.expiresAt} />.
          </>
        ) : (
          "with no expiry."
        )}
      </p>
      <CopyField label="Token secret" value={secret} />
      <p className="notice">
        Copy the secret now: you will not see it again. Only its hash is kept; if it is lost, revoke
        the token and create another.
      </p>
      <p>
        Scripts send it as a bearer token to any <code>/v1</code> operation its role allows. To read
        the components:
      </p>
      <pre className="mail-text">
        <code>{read}</code>
      </pre>
      {token.role !== "viewer" && (
        <>
          <p>To declare an incident on the status page:</p>
          <pre className="mail-text">
            <code>{declare}</code>
          </pre>
        </>
      )}
      <div>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            onDone();
            focusItemWhenShown(token.id);
          }}
        >
          Done
        </button>
      </div>
    </div>
  );
}
