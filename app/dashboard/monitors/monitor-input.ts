import type { Monitor, MonitorInput } from "../api-types";

export { MASK } from "../api-types";

/**
 * A monitor's settings as replace takes them: its answer without what the API sets itself, its
 * secrets still masked (so they are kept). Every field is named, because replace refuses fields
 * it does not know and resets those it is not sent.
 */
export function inputOf(monitor: Monitor): MonitorInput {
  const { http, tcp, dns, heartbeat } = monitor;
  return {
    name: monitor.name,
    componentId: monitor.componentId,
    type: monitor.type,
    ...(monitor.type === "http" &&
      http && {
        http: {
          url: http.url,
          method: http.method,
          expectedStatus: http.expectedStatus,
          keyword: http.keyword,
          timeoutMs: http.timeoutMs,
          followRedirects: http.followRedirects,
          headers: http.headers.map(({ name, value }) => ({ name, value })),
          body: http.body,
          auth: http.auth,
          assertions: http.assertions,
          degradedAboveMs: http.degradedAboveMs,
          tls: { expiryWarningDays: http.tls.expiryWarningDays },
        },
      }),
    ...(monitor.type === "tcp" &&
      tcp && {
        tcp: {
          host: tcp.host,
          port: tcp.port,
          timeoutMs: tcp.timeoutMs,
          tls: tcp.tls,
          expiryWarningDays: tcp.expiryWarningDays,
        },
      }),
    ...(monitor.type === "dns" &&
      dns && {
        dns: {
          name: dns.name,
          recordType: dns.recordType,
          expected: dns.expected,
          timeoutMs: dns.timeoutMs,
        },
      }),
    ...(monitor.type === "heartbeat" &&
      heartbeat && {
        heartbeat: {
          periodSeconds: heartbeat.periodSeconds,
          graceSeconds: heartbeat.graceSeconds,
        },
      }),
    publishPolicy: monitor.publishPolicy,
    downStatus: monitor.downStatus,
    detection: {
      intervalSeconds: monitor.detection.intervalSeconds,
      failureThreshold: monitor.detection.failureThreshold,
      recoveryThreshold: monitor.detection.recoveryThreshold,
    },
    enabled: monitor.enabled,
    incidentWording: {
      title: monitor.incidentWording.title,
      body: monitor.incidentWording.body,
      resolvedBody: monitor.incidentWording.resolvedBody,
    },
    incidentTemplateId: monitor.incidentTemplateId,
  };
}
