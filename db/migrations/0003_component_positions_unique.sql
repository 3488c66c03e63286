-- Positions are unique per workspace. Deferred to commit, because closing a gap shifts many
-- rows by one in a single statement.
ALTER TABLE "component" ADD CONSTRAINT "component_workspace_position_key" UNIQUE ("workspace_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "component_group" ADD CONSTRAINT "component_group_workspace_position_key" UNIQUE ("workspace_id", "position") DEFERRABLE INITIALLY DEFERRED;
