"use client";

import Link from "next/link";
import { ListSection } from "@/app/ui/list-section";
import { useCan } from "../actor";
import { CreateTokenForm } from "./create-token-form";
import { TokenRow } from "./token-row";
import { useApiTokens } from "./use-api-tokens";
import { DataTable } from "@/app/ui/data-table";

export function ApiTokensView() {
  const isAdmin = useCan("admin");
  const list = useApiTokens({ enabled: isAdmin });

  if (!isAdmin) {
    return (
      <>
        <h1>API tokens</h1>
        <p className="notice">Only admins and the owner manage API tokens.</p>
      </>
    );
  }
  const tokens = list.data?.tokens;
  return (
    <div className="stack">
      <h1>API tokens</h1>
      <p className="muted">
        A token lets a script use the <Link href="/docs">API</Link> on your behalf, with a role no
        higher than yours. It stops working when it expires, when it is revoked, when you leave the
        workspace, and while your role is below the token&apos;s. What it changes is in the{" "}
        <Link href="/dashboard/audit-log">audit log</Link> under its name.
      </p>
      <CreateTokenForm />
      <ListSection
        label="Tokens"
        className="card"
        pending={list.isPending}
        error={list.error}
        empty={tokens?.length === 0 ? "No tokens yet." : undefined}
      >
        {tokens && tokens.length > 0 && (
          <DataTable
            label="API tokens"
            columns={["Name", "Role", "Status", "Created by", "Expires", "Last used"]}
            actions
          >
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </DataTable>
        )}
      </ListSection>
    </div>
  );
}
