package dev.capplanner.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.reports.shadow.ReportQuery;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReportQueryTest {

    @Test
    void pageSizeIsClampedToOneToOneHundred() {
        assertThat(new ReportQuery(Set.of("acme"), null, null, null, 0, 100_000).size()).isEqualTo(100);
        assertThat(new ReportQuery(Set.of("acme"), null, null, null, 0, 0).size()).isEqualTo(1);
        assertThat(new ReportQuery(Set.of("acme"), null, null, null, -3, 5).page()).isZero();
    }

    @Test
    void emptyTimeRangeIsRefused() {
        Instant t = Instant.parse("2026-11-30T00:00:00Z");
        assertThatThrownBy(() -> new ReportQuery(Set.of("acme"), "acme", t, t, 0, 20)).hasMessage("'from' must be before 'to'");
    }

    @Test
    void aQueryNeverReachesBeyondTheCallersTenants() {
        assertThat(new ReportQuery(Set.of("acme", "globex"), null, null, null, 0, 20).tenants())
                .containsExactlyInAnyOrder("acme", "globex");
        assertThat(new ReportQuery(Set.of("acme", "globex"), "acme", null, null, 0, 20).tenants()).containsExactly("acme");
        assertThatThrownBy(() -> new ReportQuery(Set.of("acme"), "globex", null, null, 0, 20))
                .isInstanceOf(ReportQuery.TenantNotVisibleException.class);
        assertThatThrownBy(() -> new ReportQuery(Set.of(), null, null, null, 0, 20))
                .isInstanceOf(ReportQuery.TenantNotVisibleException.class);
    }
}
