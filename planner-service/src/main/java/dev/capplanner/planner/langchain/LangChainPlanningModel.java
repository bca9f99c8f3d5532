package dev.capplanner.planner.langchain;

import dev.capplanner.planner.llm.PlanningModel;
import dev.capplanner.planner.llm.PlanningModelUnavailableException;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;

/**
 * The LLM planner's model call through quarkus-langchain4j's chat model: stateless (no chat memory,
 * so one run's question never reaches another's prompt), the messages passed as they are (no
 * template engine reads the JSON in them). Any failure to get an answer is the provider being
 * unavailable; what it answered is the planner's to validate.
 */
public final class LangChainPlanningModel implements PlanningModel {

    private final ChatModel chat;

    public LangChainPlanningModel(ChatModel chat) {
        this.chat = chat;
    }

    @Override
    public String complete(String system, String user) {
        try {
            return chat.chat(SystemMessage.from(system), UserMessage.from(user)).aiMessage().text();
        } catch (RuntimeException e) {
            throw new PlanningModelUnavailableException(cause(e), e);
        }
    }

    /** The innermost cause's type and message: what an SRE needs, without the request. */
    private static String cause(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : ": " + root.getMessage();
        return root.getClass().getSimpleName() + message;
    }
}
