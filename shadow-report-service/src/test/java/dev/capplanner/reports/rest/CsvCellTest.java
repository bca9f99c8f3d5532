package dev.capplanner.reports.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An exported cell is RFC 4180 CSV, and a spreadsheet never reads one as a formula. */
class CsvCellTest {

    @Test
    void quotesWhatWouldBreakTheRowAndDefusesFormulas() {
        assertThat(ExportResource.cell("plain")).isEqualTo("plain");
        assertThat(ExportResource.cell("a, b")).isEqualTo("\"a, b\"");
        assertThat(ExportResource.cell("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(ExportResource.cell("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(ExportResource.cell("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(ExportResource.cell("-1")).isEqualTo("'-1");
        assertThat(ExportResource.cell("@SUM(A1)")).isEqualTo("'@SUM(A1)");
    }

    @Test
    void aTabACarriageReturnOrBlanksBeforeAFormulaDoNotHideIt() {
        assertThat(ExportResource.cell("\t=1+1")).isEqualTo("'\t=1+1");
        assertThat(ExportResource.cell("\r=1+1")).isEqualTo("\"'\r=1+1\"");
        assertThat(ExportResource.cell("\n=1+1")).isEqualTo("\"'\n=1+1\"");
        assertThat(ExportResource.cell("   =HYPERLINK(1)")).isEqualTo("'   =HYPERLINK(1)");
        assertThat(ExportResource.cell("  plain")).isEqualTo("  plain");
    }
}
