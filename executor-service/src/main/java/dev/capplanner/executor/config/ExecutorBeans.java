package dev.capplanner.executor.config;

import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.invocation.EndpointBinder;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.TreeMap;

public class ExecutorBeans {

    @Produces
    @Singleton
    PlanExecutor planExecutor(ExecutorConfig config) {
        Map<String, String> urls = new TreeMap<>();
        config.targets().forEach((name, target) -> urls.put(name, target.url()));
        return new PlanExecutor(new LastMileAuthorizer(urls.keySet()), new EndpointBinder(),
                new HttpToolInvoker(urls, config.callTimeout()), new EvidenceSummarizer());
    }
}
