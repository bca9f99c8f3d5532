package dev.capplanner.reports.report;

import java.time.Instant;

/**
 * An analyst's filter: tenant (optional), time range [from, to) (each optional), and a page.
 * Page sizes are clamped to 1..100 so one request cannot pull the whole table.
 */
public record ReportQuery(String tenantId, Instant from, Instant to, int page, int size) {

    public static final int DEFAULT_SIZE = 20;
    public static final int MAX_SIZE = 100;

    public ReportQuery {
        if (from != null && to != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("'from' must be before 'to'");
        }
        page = Math.max(0, page);
        size = Math.max(1, Math.min(MAX_SIZE, size));
    }
}
