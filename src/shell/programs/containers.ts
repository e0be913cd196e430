/**
 * Containers, orchestration and infrastructure: local compose and builds
 * are project work; starting a container with host access, exec into one,
 * pushing images, applying manifests and infrastructure changes ask.
 */
import type { ProgramSpec } from "./types.ts";

const LOCAL: ProgramSpec = {
  runs: "project",
  fetches: true,
  unknownOptions: "ignore",
  operands: ["data"],
};
const READ: ProgramSpec = { unknownOptions: "ignore", operands: ["data"] };
const DEPLOY: ProgramSpec = { rule: "deploy.apply" };

export const CONTAINERS: ProgramSpec[] = [
  {
    names: ["docker", "podman", "nerdctl"],
    style: { permute: false },
    unknownOptions: "ignore",
    opts: {
      "-H|--host|--context|-c|--config": { arity: 1, role: "unknown" },
      "-l|--log-level": { arity: 1, role: "data" },
    },
    subs: {
      compose: {
        ...LOCAL,
        style: { permute: false },
        opts: {
          "-f|--file|--env-file|--project-directory": { arity: 1, role: "read" },
          "-p|--project-name|--profile|--ansi|--progress|--parallel": { arity: 1, role: "data" },
        },
        subs: {
          "*": LOCAL,
          exec: { rule: "container.run" },
          run: { rule: "container.run" },
          push: DEPLOY,
          cp: { rule: "container.run" },
        },
      },
      build: LOCAL,
      buildx: LOCAL,
      ps: READ,
      images: READ,
      image: {
        ...READ,
        subs: {
          ls: READ,
          list: READ,
          inspect: { ...READ, special: "env-dump" },
          history: READ,
          "*": { rule: "default.ask" },
        },
      },
      container: {
        ...READ,
        subs: {
          ls: READ,
          list: READ,
          inspect: READ,
          logs: READ,
          "*": { rule: "default.ask" },
        },
      },
      logs: READ,
      inspect: { ...READ, special: "env-dump" },
      version: READ,
      info: READ,
      stats: READ,
      top: READ,
      port: READ,
      diff: READ,
      history: READ,
      search: READ,
      pull: LOCAL,
      stop: LOCAL,
      start: LOCAL,
      restart: LOCAL,
      kill: LOCAL,
      network: {
        ...READ,
        subs: { ls: READ, inspect: READ, "*": { rule: "default.ask" } },
      },
      volume: {
        ...READ,
        subs: { ls: READ, inspect: READ, "*": { rule: "default.ask" } },
      },
      run: { special: "container-run", runs: "project", unknownOptions: "ignore" },
      create: { special: "container-run", runs: "project", unknownOptions: "ignore" },
      exec: { rule: "container.run" },
      cp: { rule: "container.run" },
      push: DEPLOY,
      login: { rule: "secrets.credential-access" },
    },
  },
  {
    names: ["docker-compose", "podman-compose"],
    ...LOCAL,
    subs: {
      "*": LOCAL,
      exec: { rule: "container.run" },
      run: { rule: "container.run" },
      push: DEPLOY,
    },
  },
  {
    names: ["kubectl", "oc"],
    style: { permute: false },
    unknownOptions: "ignore",
    opts: {
      "-n|--namespace|--context|--cluster|--user|-s|--server|-o|--output|-l|--selector": {
        arity: 1,
        role: "data",
      },
      "--kubeconfig": { arity: 1, role: "read" },
    },
    subs: {
      get: READ,
      describe: READ,
      logs: READ,
      explain: READ,
      version: READ,
      "api-resources": READ,
      "api-versions": READ,
      "cluster-info": READ,
      top: READ,
      diff: READ,
      "*": DEPLOY,
    },
  },
  {
    names: ["helm"],
    style: { permute: false },
    unknownOptions: "ignore",
    subs: {
      list: READ,
      ls: READ,
      status: READ,
      template: READ,
      lint: READ,
      show: READ,
      history: READ,
      version: READ,
      search: READ,
      dependency: LOCAL,
      "*": DEPLOY,
    },
  },
  {
    names: ["terraform", "tofu", "terragrunt"],
    style: { permute: false },
    unknownOptions: "ignore",
    subs: {
      fmt: { ...LOCAL, operands: ["write"] },
      validate: LOCAL,
      init: LOCAL,
      plan: LOCAL,
      show: READ,
      output: READ,
      providers: READ,
      graph: READ,
      version: READ,
      console: READ,
      "*": DEPLOY,
    },
  },
  {
    names: ["gh"],
    style: { permute: false },
    unknownOptions: "ignore",
    opts: { "-R|--repo": { arity: 1, role: "data" } },
    subs: {
      pr: {
        ...READ,
        subs: {
          view: READ,
          list: READ,
          diff: READ,
          checks: READ,
          status: READ,
          checkout: LOCAL,
          "*": { rule: "net.publish" },
        },
      },
      issue: {
        ...READ,
        subs: { view: READ, list: READ, status: READ, "*": { rule: "net.publish" } },
      },
      repo: {
        ...READ,
        subs: { view: READ, list: READ, clone: LOCAL, "*": { rule: "net.publish" } },
      },
      run: {
        ...READ,
        subs: {
          view: READ,
          list: READ,
          watch: READ,
          download: LOCAL,
          "*": { rule: "net.publish" },
        },
      },
      release: {
        ...READ,
        subs: { view: READ, list: READ, download: LOCAL, "*": { rule: "net.publish" } },
      },
      workflow: {
        ...READ,
        subs: { view: READ, list: READ, "*": { rule: "net.publish" } },
      },
      search: READ,
      status: READ,
      browse: READ,
      "*": { rule: "default.ask" },
    },
  },
];
