package dev.capplanner.deploy;

import static dev.capplanner.deploy.Objects.at;
import static dev.capplanner.deploy.Objects.list;
import static dev.capplanner.deploy.Objects.ofKind;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The runbook's Secrets table against the rendered overlays: every Secret a Deployment reads is a row
 * that names that Deployment and the key it reads, so an SRE who follows the table creates what the
 * pods need and rotates a key everywhere it is held. And no Deployment an autoscaler drives sets
 * its own replica count (each apply would reset what the autoscaler scaled).
 */
class RunbookManifestsTest {

    static final List<Map<String, Object>> PROD = Kustomization.render(Repository.k8s().resolve("overlays/prod"));
    static final List<Map<String, Object>> DEV = Kustomization.render(Repository.k8s().resolve("overlays/dev"));

    /** A Secrets table row: each backticked name of its first cell, to its keys and users cells. */
    record Row(String keys, String usedBy) {
    }

    @Test
    void everySecretAPodReadsIsInTheRunbookWithThatPodAndThatKey() throws IOException {
        Map<String, Row> table = secretsTable();
        List<String> missing = new ArrayList<>();
        for (Map<String, Object> deployment : ofKind(PROD, "Deployment")) {
            String name = Kustomization.name(deployment);
            for (Map<String, Object> container : list(deployment, "spec.template.spec.containers")) {
                for (Map<String, Object> env : list(container, "env")) {
                    String secret = at(env, "valueFrom.secretKeyRef.name");
                    if (secret != null) {
                        check(table, name, secret, at(env, "valueFrom.secretKeyRef.key"), missing);
                    }
                }
            }
            for (Map<String, Object> volume : list(deployment, "spec.template.spec.volumes")) {
                String secret = at(volume, "secret.secretName");
                if (secret != null) {
                    check(table, name, secret, null, missing);
                }
            }
        }
        assertThat(missing).as("docs/sre-runbook.md, Secrets table").isEmpty();
    }

    @Test
    void noAutoscaledDeploymentSetsItsReplicasAndTheDevelopmentOverlayRunsOneEach() {
        List<String> scaled = ofKind(PROD, "ScaledObject").stream()
                .map(o -> (String) at(o, "spec.scaleTargetRef.name")).toList();
        assertThat(scaled).isNotEmpty();
        for (Map<String, Object> deployment : ofKind(PROD, "Deployment")) {
            String name = Kustomization.name(deployment);
            assertThat(scaled).as(name + " is scaled by KEDA in prod").contains(name);
            assertThat((Object) at(deployment, "spec.replicas")).as(name + " leaves its replicas to KEDA").isNull();
        }
        for (Map<String, Object> deployment : ofKind(DEV, "Deployment")) {
            assertThat((Object) at(deployment, "spec.replicas")).as(Kustomization.name(deployment)).isEqualTo(1);
        }
    }

    private static void check(Map<String, Row> table, String deployment, String secret, String key,
                              List<String> missing) {
        Row row = table.get(secret);
        if (row == null) {
            missing.add(secret + " (read by " + deployment + ") has no row");
        } else if (!row.usedBy().contains(deployment)) {
            missing.add(secret + ": its row does not name " + deployment + " among its users");
        } else if (key != null && !row.keys().contains("`" + key + "`")) {
            missing.add(secret + ": its row does not name the key " + key + " that " + deployment + " reads");
        }
    }

    private static Map<String, Row> secretsTable() throws IOException {
        String runbook = Files.readString(Repository.home().resolve("docs/sre-runbook.md"));
        int start = runbook.indexOf("| Secret | Keys | Used by | Created by |");
        assertThat(start).as("the runbook has its Secrets table").isNotNegative();
        Map<String, Row> rows = new LinkedHashMap<>();
        Pattern name = Pattern.compile("`([^`]+)`");
        for (String line : runbook.substring(start).lines().skip(2).toList()) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\|", -1);
            Matcher names = name.matcher(cells[1]);
            while (names.find()) {
                rows.put(names.group(1), new Row(cells[2], cells[3]));
            }
        }
        return rows;
    }
}
