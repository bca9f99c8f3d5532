package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.planner.config.PlannerConfig;
import dev.capplanner.planner.mode.PlannerMode;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The mode is a closed set: read as the enum, a mistyped value stops the start. */
class PlannerConfigTest {

    @Test
    void modeReadsAsWrittenInProperties() {
        assertThat(config(Map.of("planner.mode", "capability")).mode()).isEqualTo(PlannerMode.CAPABILITY);
        assertThat(config(Map.of()).mode()).isEqualTo(PlannerMode.SHADOW);
    }

    @Test
    void theLlmPlannerAndItsClassifierAreOffUnlessSwitchedOn() {
        assertThat(config(Map.of()).llm().enabled()).isFalse();
        assertThat(config(Map.of()).llm().classify()).isFalse();
        assertThat(config(Map.of()).maxIterations()).isEqualTo(3);
        assertThat(config(Map.of("planner.llm.enabled", "true", "planner.llm.classify", "true")).llm().classify())
                .isTrue();
    }

    @Test
    void theLegacyPathsSnapshotsComeFromTheSnapshotService() {
        PlannerConfig defaults = config(Map.of());
        assertThat(defaults.snapshotService().url()).isEqualTo("http://localhost:8081");
        assertThat(defaults.snapshotService().timeout()).isEqualTo(java.time.Duration.ofSeconds(2));
    }

    @Test
    void mistypedModeStopsTheStart() {
        assertThatThrownBy(() -> config(Map.of("planner.mode", "yolo"))).hasMessageContaining("planner.mode");
    }

    private static PlannerConfig config(Map<String, String> properties) {
        // Quarkus reads "2s" as a Duration; a bare SmallRye builder needs its converter.
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(PlannerConfig.class)
                .withConverter(java.time.Duration.class, 100, new io.quarkus.runtime.configuration.DurationConverter())
                .withSources(new PropertiesConfigSource(properties, "test", 500)).build();
        return config.getConfigMapping(PlannerConfig.class);
    }
}
