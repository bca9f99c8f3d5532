package dev.capplanner.reports.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.persistence.Column;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ReportColumnsTest {

    @Test
    void theWriteTableAndTheReadEntityMapTheSameColumns() {
        Set<String> read = Arrays.stream(ShadowReportEntity.class.getDeclaredFields())
                .filter(field -> !Modifier.isStatic(field.getModifiers()))
                .map(ReportColumnsTest::columnOf).collect(Collectors.toSet());
        Set<String> written = ReportColumns.WRITTEN.stream().map(ReportColumns.Column::name).collect(Collectors.toSet());

        assertThat(written).hasSize(ReportColumns.WRITTEN.size());
        assertThat(read).as("only 'reviewed' is not written with the report: a review sets it")
                .isEqualTo(union(written, "reviewed"));
    }

    @Test
    void theInsertNamesEachColumnWithAnArrayOfItsType() {
        String insert = ReportColumns.insertFromArrays();

        assertThat(insert).startsWith("INSERT INTO shadow_report (event_id, run_id, run_key, iteration,")
                .contains("SELECT * FROM unnest($1::VARCHAR[], $2::VARCHAR[], $3::VARCHAR[], $4::INTEGER[],")
                .endsWith("$" + ReportColumns.WRITTEN.size() + "::VARCHAR[])");
    }

    private static String columnOf(Field field) {
        Column column = field.getAnnotation(Column.class);
        return column != null && !column.name().isEmpty() ? column.name() : field.getName();
    }

    private static Set<String> union(Set<String> names, String more) {
        return java.util.stream.Stream.concat(names.stream(), List.of(more).stream()).collect(Collectors.toSet());
    }
}
