"use client";

import type { ApiError } from "@/lib/client/api";
import { CheckField } from "@/app/ui/check-field";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import { TextAreaField } from "@/app/ui/text-area-field";
import { bindDraft } from "./draft-binding";
import { CertificateWarningField, TimeoutField } from "./shared-fields";
import type { DnsDraft, HeartbeatDraft, TcpDraft } from "./monitor-draft";
import { messageFor, RECORD_TYPES } from "./monitor-fields";

type Section<T> = { value: T; onChange: (patch: Partial<T>) => void; error: ApiError | null };

/** A TCP check: the connection opens (and, with TLS, the handshake completes) in time. */
export function TcpFields({ value, onChange, error }: Section<TcpDraft>) {
  const { text, check } = bindDraft(value, onChange);
  return (
    <>
      <div className="fields">
        <Field
          label="Host"
          {...text("host")}
          placeholder="db.example.com"
          autoComplete="off"
          required
          error={messageFor(error, "tcp.host")}
        />
        <Field
          label="Port"
          {...text("port")}
          type="number"
          min={1}
          max={65535}
          required
          error={messageFor(error, "tcp.port")}
        />
        <TimeoutField {...text("timeoutMs")} error={messageFor(error, "tcp.timeoutMs")} />
      </div>
      <CheckField
        label="Connect with TLS"
        {...check("tls")}
        hint="The handshake must complete too, and the certificate's expiry is watched."
      />
      {value.tls && (
        <CertificateWarningField
          {...text("expiryWarningDays")}
          error={messageFor(error, "tcp.expiryWarningDays")}
        />
      )}
    </>
  );
}

/** A DNS check: the name has records of the type and, if listed, every expected value. */
export function DnsFields({ value, onChange, error }: Section<DnsDraft>) {
  const { text } = bindDraft(value, onChange);
  return (
    <>
      <div className="fields">
        <Field
          label="Domain name"
          {...text("name")}
          placeholder="example.com"
          autoComplete="off"
          required
          error={messageFor(error, "dns.name")}
        />
        <SelectField
          label="Record type"
          {...text("recordType")}
          options={RECORD_TYPES}
          error={messageFor(error, "dns.recordType")}
        />
        <TimeoutField {...text("timeoutMs")} error={messageFor(error, "dns.timeoutMs")} />
      </div>
      <TextAreaField
        label="Expected values (optional)"
        {...text("expected")}
        placeholder={"192.0.2.10\n192.0.2.11"}
        hint={
          value.recordType === "TXT"
            ? "One a line. The check fails unless the answer holds every one. Empty: any answer passes."
            : "One a line, or separated by commas. The check fails unless the answer holds every one. Empty: any answer passes."
        }
        error={messageFor(error, "dns.expected")}
      />
    </>
  );
}

/** A heartbeat: the job pings its URL at least this often, else the monitor goes down. */
export function HeartbeatFields({ value, onChange, error }: Section<HeartbeatDraft>) {
  const { text } = bindDraft(value, onChange);
  return (
    <>
      <div className="fields two">
        <Field
          label="Ping expected every (seconds)"
          {...text("periodSeconds")}
          type="number"
          min={10}
          max={31 * 86400}
          required
          hint="How often the job runs, e.g. 3600 for hourly."
          error={messageFor(error, "heartbeat.periodSeconds")}
        />
        <Field
          label="Grace period (seconds)"
          {...text("graceSeconds")}
          type="number"
          min={0}
          max={86400}
          required
          hint="How late a ping may be before the monitor is down."
          error={messageFor(error, "heartbeat.graceSeconds")}
        />
      </div>
      <p className="muted">
        Saved, the monitor gets a ping URL for the job to call when it finishes, shown on the
        monitor&apos;s page.
      </p>
    </>
  );
}
