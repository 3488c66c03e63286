"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusWhenShown, PAGE_OPENER, useAnnounce } from "@/app/ui/announcer";
import { ListSection } from "@/app/ui/list-section";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import type { Maintenance, MaintenanceList, MaintenanceSeriesList } from "../api-types";
import { useComponentNames } from "../components/use-components";
import { maintenanceKeys } from "../query-keys";
import { useWorkspace } from "../settings/use-workspace";
import { SeriesItem } from "./series-item";
import { WindowForm } from "./window-form";
import { WindowItem } from "./window-item";

export function MaintenanceView() {
  const canEdit = useCan("editor");
  const [scheduling, setScheduling] = useState(false);
  const announce = useAnnounce();
  const names = useComponentNames();
  // The form takes times in the workspace's zone: loaded with the page, it opens without a wait.
  useWorkspace();
  const list = useInfiniteQuery({
    queryKey: maintenanceKeys.list(),
    queryFn: ({ pageParam }) =>
      apiFetch<MaintenanceList>(
        `/v1/maintenances?limit=100${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Windows start and end by themselves; keep the page current while it is open.
    refetchInterval: 5000,
  });
  const series = useQuery({
    queryKey: maintenanceKeys.series(),
    queryFn: () => apiFetch<MaintenanceSeriesList>("/v1/maintenance-series?limit=200"),
  });
  const running = series.data?.series.filter((s) => s.endedAt === null) ?? [];
  const windows = list.data?.pages.flatMap((page) => page.maintenances) ?? [];
  const sections: [string, Maintenance[]][] = [
    ["In progress", windows.filter((w) => w.status === "in_progress")],
    ["Upcoming", windows.filter((w) => w.status === "scheduled").reverse()],
    ["Past", windows.filter((w) => w.status === "completed" || w.status === "cancelled")],
  ];

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Maintenance</h1>
        {canEdit && !scheduling && (
          <button type="button" data-opens="page-form" onClick={() => setScheduling(true)}>
            Schedule maintenance
          </button>
        )}
      </div>
      {scheduling && (
        <section className="card">
          <h2>Schedule maintenance</h2>
          <WindowForm
            submitLabel="Schedule"
            onDone={() => {
              setScheduling(false);
              focusWhenShown(PAGE_OPENER);
            }}
            onSaved={(created, repeats) => {
              setScheduling(false);
              announce(`${created.title} scheduled${repeats ? ", repeating" : ""}.`);
              focusItemWhenShown(created.id);
            }}
          />
        </section>
      )}
      {running.length > 0 && (
        <ListSection label="Recurring" empty={false}>
          <ul className="plain stack">
            {running.map((item) => (
              <SeriesItem key={item.id} series={item} names={names} />
            ))}
          </ul>
        </ListSection>
      )}
      <ErrorNotice error={series.error} />
      {list.isPending && <Loading />}
      <ErrorNotice error={list.error} />
      {list.data &&
        sections.map(([title, items]) => (
          <ListSection
            key={title}
            label={title}
            empty={
              items.length === 0 && `Nothing ${title === "Past" ? "yet" : title.toLowerCase()}.`
            }
          >
            {items.length > 0 && (
              <ul className="plain stack">
                {items.map((window) => (
                  <WindowItem key={window.id} window={window} names={names} />
                ))}
              </ul>
            )}
          </ListSection>
        ))}
      {list.hasNextPage && (
        <button type="button" className="secondary" onClick={() => list.fetchNextPage()}>
          Load more
        </button>
      )}
    </div>
  );
}
