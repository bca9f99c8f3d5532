package dev.capplanner.reports.shadow;

import java.util.List;

/** One page of reports, newest first, with the total count matching the filter. */
public record ReportPage(List<ShadowReport> items, int page, int size, long total) {
    public ReportPage {
        items = List.copyOf(items);
    }
}
