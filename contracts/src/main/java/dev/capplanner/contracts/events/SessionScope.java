package dev.capplanner.contracts.events;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the chat backend has the user looking at, beyond the conversation: the thread it selected, the
 * branch of a versioned workspace, the object the chat is opened on ({@code ticket:T-1001}). Each is
 * optional and the backend's word, like the conversation id; a capability takes them only as hidden
 * arguments (bound from the run, never chosen by a model), and a run keyed by them is another run when
 * they differ.
 */
public record SessionScope(String thread, String branch, String object) {

    /** The names a hidden argument binds these to, with their values (only those present). */
    public Map<String, String> asRunContext() {
        Map<String, String> context = new LinkedHashMap<>();
        if (thread != null) {
            context.put("thread", thread);
        }
        if (branch != null) {
            context.put("branch", branch);
        }
        if (object != null) {
            context.put("object", object);
        }
        return context;
    }
}
