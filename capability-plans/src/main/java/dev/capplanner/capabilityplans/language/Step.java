package dev.capplanner.capabilityplans.language;

import java.util.Map;

/**
 * One step of a compiled plan (seed: LOOKUP, SCAN, EXISTS with ANTI JOIN, COUNT, SUM, INVOKE,
 * HYBRID_SEARCH). Each calls its {@link Source} once (an anti-join a second source too); a
 * {@code where} (null when none) keeps the rows it holds for. What each step outputs:
 * <ul>
 *   <li>{@link Lookup}: the one row (projected by {@code output} when given), null when there is none;</li>
 *   <li>{@link Scan}, {@link Search}: {@code {"rows": [...at most limit], "total": matched}};</li>
 *   <li>{@link Exists}: whether a row is left; {@link Count}: how many; {@link Sum}: the field's total;</li>
 *   <li>{@link Invoke}: the capability's whole result.</li>
 * </ul>
 */
public sealed interface Step {

    String name();

    Source from();

    /** The kind as the plan language spells it. */
    String kind();

    record Lookup(String name, Source from, Condition where, boolean required, Map<String, String> output)
            implements Step {
        public String kind() {
            return "lookup";
        }
    }

    record Scan(String name, Source from, Condition where, Map<String, String> output, int limit) implements Step {
        public String kind() {
            return "scan";
        }
    }

    record Exists(String name, Source from, Condition where, AntiJoin antiJoin) implements Step {
        public String kind() {
            return "exists";
        }
    }

    /** Rows of {@code from} (filtered by {@code where}) that remove a step row equal on every {@code on} pair. */
    record AntiJoin(Source from, Condition where, Map<String, String> on) {
        public AntiJoin {
            on = Map.copyOf(on);
        }
    }

    record Count(String name, Source from, Condition where) implements Step {
        public String kind() {
            return "count";
        }
    }

    record Sum(String name, Source from, Condition where, String value) implements Step {
        public String kind() {
            return "sum";
        }
    }

    record Invoke(String name, Source from) implements Step {
        public String kind() {
            return "invoke";
        }
    }

    record Search(String name, Source from, int limit) implements Step {
        public String kind() {
            return "search";
        }
    }
}
