import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { actorFromHeaders } from "@/lib/auth/session";
import { ssoSignInOffered } from "@/lib/sso/sso";
import { isSetUp } from "@/lib/workspace/setup";
import { unlessDatabaseAway } from "@/app/ui/database-unavailable";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export const dynamic = "force-dynamic";

export default async function SignInPage() {
  return unlessDatabaseAway(signInPage);
}

async function signInPage() {
  if (!(await isSetUp())) redirect("/setup");
  if (await actorFromHeaders(await headers())) redirect("/dashboard");
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Sign in</h1>
        <SignInForm sso={await ssoSignInOffered()} />
      </div>
    </main>
  );
}
