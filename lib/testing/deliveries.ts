import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { Receiver } from "./receiver";
import { MailCatcher } from "./smtp";

/**
 * What a test of outgoing notices needs: a real SMTP server the deployment mails through, a
 * loopback receiver for endpoints, and the background runner that sends both.
 */
export async function startDeliveries(): Promise<{
  catcher: MailCatcher;
  hooks: Receiver;
  runner: Runner;
  stop: () => Promise<void>;
}> {
  const catcher = await new MailCatcher().start();
  const hooks = await new Receiver().start();
  process.env.ALLOW_PRIVATE_TARGETS = "true";
  process.env.SMTP_URL = catcher.url;
  process.env.EMAIL_FROM = "Acme Status <status@acme.test>";
  resetConfig();
  const runner = startEmbeddedRunner();
  return {
    catcher,
    hooks,
    runner,
    stop: async () => {
      await runner.stop();
      closeMailer();
      await catcher.stop();
      await hooks.stop();
      for (const name of ["ALLOW_PRIVATE_TARGETS", "SMTP_URL", "EMAIL_FROM"]) {
        delete process.env[name];
      }
      resetConfig();
    },
  };
}
