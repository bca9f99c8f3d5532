package dev.capplanner.localstack.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The load's production profile is what deploy/k8s runs: each pod's limits, heap share and JVM options. */
class JvmProfileTest {

    private static final Pattern LIMITS = Pattern.compile(
            "limits:\\s*\\n\\s*cpu:\\s*\"?(\\d+)\"?\\s*\\n\\s*memory:\\s*(\\d+)(Mi|Gi)");
    private static final Pattern RATIO = Pattern.compile("JAVA_MAX_MEM_RATIO:\\s*\"(\\d+)\"");

    private static Path home() {
        return Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath().normalize();
    }

    @Test
    void eachServiceRunsWithItsPodsHeapAndProcessors() throws IOException {
        for (String service : StackOptions.SERVICES) {
            Path base = home().resolve("deploy/k8s/base").resolve(service);
            Matcher limits = LIMITS.matcher(Files.readString(base.resolve("deployment.yaml")));
            assertThat(limits.find()).as("%s declares cpu and memory limits", service).isTrue();
            int memoryMib = Integer.parseInt(limits.group(2)) * (limits.group(3).equals("Gi") ? 1024 : 1);
            Matcher ratio = RATIO.matcher(Files.readString(base.resolve("configmap.yaml")));
            assertThat(ratio.find()).as("%s sets JAVA_MAX_MEM_RATIO", service).isTrue();

            assertThat(JvmProfile.PodLimits.of(service))
                    .isEqualTo(new JvmProfile.PodLimits(Integer.parseInt(limits.group(1)), memoryMib));
            assertThat(Integer.parseInt(ratio.group(1))).isEqualTo(JvmProfile.HEAP_PERCENT_OF_LIMIT);
            assertThat(JvmProfile.PRODUCTION.flags(service)).contains(
                    "-XX:MaxRAM=" + memoryMib + "m", "-XX:MaxRAMPercentage=" + JvmProfile.HEAP_PERCENT_OF_LIMIT,
                    "-XX:ActiveProcessorCount=" + limits.group(1));
            assertThat(JvmProfile.PRODUCTION.flags(service + "-2")).as("a replica runs as its service")
                    .isEqualTo(JvmProfile.PRODUCTION.flags(service));
        }
    }

    @Test
    void theImagesOwnJvmOptionsAreInTheProfile() throws IOException {
        for (String service : StackOptions.SERVICES) {
            String dockerfile = Files.readString(home().resolve(service).resolve("src/main/docker/Dockerfile.jvm"));
            Matcher append = Pattern.compile("JAVA_OPTS_APPEND=\"([^\"]*)\"").matcher(dockerfile);
            assertThat(append.find()).isTrue();
            for (String option : append.group(1).split(" ")) {
                if (option.startsWith("-XX:")) {
                    assertThat(JvmProfile.PRODUCTION.flags(service)).as("%s's image runs with %s", service, option)
                            .contains(option);
                }
            }
            assertThat(dockerfile).as("the image whose run-java script gives the parallel collector")
                    .contains("ubi9/openjdk-17");
        }
        assertThat(JvmProfile.PRODUCTION.flags("router-service")).contains("-XX:+UseParallelGC")
                .doesNotContain("-XX:TieredStopAtLevel=1");
    }
}
