import type { Metadata } from "next";
import Link from "next/link";
import { ResetForm } from "./reset-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Choose a new password</h1>
        {typeof token === "string" && token ? (
          <ResetForm token={token} />
        ) : (
          <p className="alert" role="alert">
            This reset link is incomplete. Copy the whole link from the mail, or{" "}
            <Link href="/forgot-password">ask for a new one</Link>.
          </p>
        )}
      </div>
    </main>
  );
}
