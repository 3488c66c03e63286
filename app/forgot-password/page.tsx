import type { Metadata } from "next";
import Link from "next/link";
import { ForgotForm } from "./forgot-form";

export const metadata: Metadata = { title: "Forgot your password" };

export default function ForgotPasswordPage() {
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Forgot your password</h1>
        <ForgotForm />
        <p>
          <Link href="/sign-in">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
