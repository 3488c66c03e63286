"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { markSigningOut } from "@/lib/client/api";
import { authClient } from "@/lib/client/auth-client";
import type { Role } from "@/lib/contract/roles";
import { useActor, useAllowed } from "./actor";

const NAVIGATION: { href: string; label: string; role: Role }[] = [
  { href: "/dashboard", label: "Overview", role: "viewer" },
  { href: "/dashboard/components", label: "Components", role: "viewer" },
  { href: "/dashboard/incidents", label: "Incidents", role: "viewer" },
  { href: "/dashboard/maintenance", label: "Maintenance", role: "viewer" },
  { href: "/dashboard/monitors", label: "Monitors", role: "viewer" },
  { href: "/dashboard/pages", label: "Status pages", role: "viewer" },
  { href: "/dashboard/reports", label: "Reports", role: "viewer" },
  { href: "/dashboard/notifications", label: "Notifications", role: "admin" },
  { href: "/dashboard/members", label: "Members", role: "admin" },
  { href: "/dashboard/api-tokens", label: "API tokens", role: "admin" },
  { href: "/dashboard/audit-log", label: "Audit log", role: "admin" },
  { href: "/dashboard/settings", label: "Settings", role: "viewer" },
];

export function Sidebar({
  workspaceName,
  mailIsLocal,
}: {
  workspaceName: string;
  mailIsLocal: boolean;
}) {
  const pathname = usePathname();
  const actor = useActor();
  const allowed = useAllowed();
  const [signingOut, setSigningOut] = useState(false);
  // On a phone the menu folds away behind one button; it closes again once a page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setMenuOpen(false);
  }

  async function signOut() {
    setSigningOut(true);
    markSigningOut();
    await authClient().signOut();
    // A full load, not a client-side one: no cached page or data of the session outlives it.
    window.location.replace("/sign-in");
  }

  return (
    <aside className="sidebar">
      <div className="sidebar-head">
        <Link href="/dashboard" className="brand">
          {workspaceName}
        </Link>
        <button
          type="button"
          className="secondary menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="dashboard-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? "Close menu" : "Menu"}
        </button>
      </div>
      <div id="dashboard-menu" className={menuOpen ? "menu-panel open" : "menu-panel"}>
        <nav className="nav" aria-label="Dashboard">
          {[
            ...NAVIGATION,
            ...(mailIsLocal
              ? [{ href: "/dashboard/mailbox", label: "Mailbox", role: "admin" as Role }]
              : []),
          ]
            .filter((item) => allowed(item.role))
            .map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={
                  pathname === item.href ||
                  (item.href !== "/dashboard" && pathname.startsWith(`${item.href}/`))
                    ? "page"
                    : undefined
                }
              >
                {item.label}
              </Link>
            ))}
        </nav>
        <div className="sidebar-footer">
          <span className="muted" data-testid="signed-in-as">
            {actor.email} · {actor.role}
          </span>
          <a href="/" target="_blank" rel="noopener">
            Public status page
          </a>
          <Link href="/docs">API reference</Link>
          <button type="button" className="secondary" onClick={signOut} disabled={signingOut}>
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </div>
      </div>
    </aside>
  );
}
