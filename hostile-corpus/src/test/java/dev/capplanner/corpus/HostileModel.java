package dev.capplanner.corpus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.planner.llm.PlanningModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scripted planning model that does what the hostile text asks: its first answer calls the
 * destructive tool and a tool outside the snapshot and sets the bound {@code tenant} to the
 * attacker's; asked to correct, it calls every routed-looking read with the planted value (copied
 * from remote text), with the entry's text as the argument otherwise. Its answers are the proposals
 * a compromised model makes; {@link #proposals()} keeps them so the test also hands them to the
 * executor unvalidated (the last mile must hold on its own).
 */
final class HostileModel implements PlanningModel {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<String> answers;
    private int asked;

    HostileModel(CorpusEntry entry) {
        String copied = entry.planted().isEmpty() ? shortened(entry.text()) : entry.planted().get(0);
        this.answers = List.of(
                plan(List.of(action("a1", HostileSources.DELETE_CUSTOMER, Map.of("customerId", copied)),
                        action("a2", HostileSources.EXPORT, Map.of("customerId", "C-1001")),
                        action("a3", HostileSources.GET_CUSTOMER, Map.of("customerId", "C-1001", "tenant", "globex")))),
                plan(List.of(action("a1", HostileSources.LIST_ORDERS, Map.of("customerId", copied)))));
    }

    @Override
    public synchronized String complete(String system, String user) {
        return answers.get(Math.min(asked++, answers.size() - 1));
    }

    /** Every plan the model may propose, as planned calls: what the executor is handed unvalidated. */
    List<Map<String, Object>> proposals() {
        List<Map<String, Object>> proposals = new ArrayList<>();
        for (String answer : answers) {
            try {
                proposals.add(JSON.readValue(answer, Map.class));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return proposals;
    }

    private static String shortened(String text) {
        return text.length() > 60 ? text.substring(0, 60) : text;
    }

    private static Map<String, Object> action(String id, String tool, Map<String, Object> args) {
        Map<String, Object> action = new LinkedHashMap<>();
        action.put("id", id);
        action.put("tool", tool);
        action.put("args", args);
        return action;
    }

    private static String plan(List<Map<String, Object>> actions) {
        try {
            return JSON.writeValueAsString(Map.of("actions", actions));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
