package dev.capplanner.localstack.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a service process is started with: settings on its command line, a database password only in its environment. */
class ServiceProcessConfigTest {

    @Test
    void theDatabasePasswordIsInTheEnvironmentAndNowhereOnTheCommandLine() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("quarkus.datasource.username", "suite");
        config.put("quarkus.datasource.password", "s3cret!");
        List<String> command = new ArrayList<>();
        Map<String, String> environment = new HashMap<>();
        ServiceProcess.passConfig(config, command, environment);
        assertThat(command).containsExactly("-Dquarkus.datasource.username=suite");
        assertThat(String.join(" ", command)).doesNotContain("s3cret!");
        assertThat(environment).containsExactly(Map.entry("QUARKUS_DATASOURCE_PASSWORD", "s3cret!"));
    }
}
