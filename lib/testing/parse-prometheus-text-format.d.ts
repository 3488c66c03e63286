declare module "parse-prometheus-text-format" {
  /** Prometheus text exposition parsed into metric families, as prom2json shapes them. */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
