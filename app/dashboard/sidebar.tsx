"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "@/lib/client/auth-client";
import type { Role } from "@/lib/workspace/roles";

export const NAVIGATION = [{ href: "/dashboard", label: "Overview" }] as const;

export function Sidebar({
  workspaceName,
  email,
  role,
}: {
  workspaceName: string;
  email: string;
  role: Role;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    await authClient().signOut();
    router.replace("/sign-in");
  }

  return (
    <aside className="sidebar">
      <Link href="/dashboard" className="brand">
        {workspaceName}
      </Link>
      <nav className="nav" aria-label="Dashboard">
        {NAVIGATION.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            aria-current={pathname === item.href ? "page" : undefined}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="sidebar-footer">
        <span className="muted" data-testid="signed-in-as">
          {email} · {role}
        </span>
        <Link href="/docs">API reference</Link>
        <button type="button" className="secondary" onClick={signOut} disabled={signingOut}>
          {signingOut ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </aside>
  );
}
