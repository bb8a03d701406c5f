import { t } from '@lingui/core/macro';
import { graphql } from '../../gql';
import { ApiError, type ErrorBody, NETWORK_ERROR, api } from '../../lib/api';
import { getToken } from '../../lib/session';
import { resourceMessages } from './constants';

/** My Projects asks for every project at once (its route prefetches the same). */
export const PROJECTS_LIST = { page: 1, limit: 100 };

export const ProjectsQuery = graphql(`
  query MyProjects($page: Int! = 1, $limit: Int! = 100) {
    projects(page: $page, limit: $limit) {
      total
      data {
        id
        title
        logo
        tasksCount
        category {
          id
          title
        }
      }
    }
  }
`);

export const CategoriesQuery = graphql(`
  query ProjectCategories {
    categories(page: 1, limit: 100) {
      data {
        id
        title
      }
    }
  }
`);

export const TaskFields = graphql(`
  fragment ProjectTask_task on Task {
    id
    projectId
    type
    taskType
    title
    url
    logo
    isMiniApp
    inviteLink
    verificationCode
    verificationLink
    isVerifiedSource
  }
`);

export const ProjectQuery = graphql(`
  query ProjectDetail($id: ID!) {
    project(id: $id) {
      id
      version
      title
      categoryId
      tasksCount
      category {
        id
        title
      }
      tasks {
        ...ProjectTask_task
      }
    }
  }
`);

export const ProjectKeyQuery = graphql(`
  query ProjectKey($id: ID!) {
    project(id: $id) {
      id
      title
      secretKey
    }
  }
`);

export const ProjectTasksQuery = graphql(`
  query ProjectTasks($projectId: ID!, $page: Int!, $limit: Int!) {
    projectTasks(projectId: $projectId, page: $page, limit: $limit) {
      total
      data {
        ...ProjectTask_task
        campaigns {
          id
          name
          status
          isActive
        }
      }
    }
  }
`);

export const SystemBotQuery = graphql(`
  query SystemBot {
    settings {
      telegramSystemBot
    }
  }
`);

export const CreateProjectMutation = graphql(`
  mutation CreateProject($input: ProjectInput!) {
    createProject(input: $input) {
      id
      title
      secretKey
    }
  }
`);

export const UpdateProjectMutation = graphql(`
  mutation UpdateProject($id: ID!, $input: ProjectInput!, $expectedVersion: Int) {
    updateProject(id: $id, input: $input, expectedVersion: $expectedVersion) {
      id
      version
      title
      tasksCount
      logo
      category {
        id
        title
      }
    }
  }
`);

export const RegenerateKeyMutation = graphql(`
  mutation RegenerateProjectKey($id: ID!) {
    regenerateProjectKey(id: $id)
  }
`);

export const CreateTaskMutation = graphql(`
  mutation CreateTask($projectId: ID!, $input: TaskInput!) {
    createTask(projectId: $projectId, input: $input) {
      ...ProjectTask_task
    }
  }
`);

export const VerifyTaskMutation = graphql(`
  mutation VerifyTask($projectId: ID!, $taskId: ID!) {
    verifyTask(projectId: $projectId, taskId: $taskId) {
      id
      isVerifiedSource
    }
  }
`);

export const SuggestResourceMutation = graphql(`
  mutation SuggestResource($url: String!) {
    suggestResource(url: $url) {
      title
      logo
      taskType
      url
    }
  }
`);

export const TaskUpdatedSubscription = graphql(`
  subscription TaskUpdated($projectId: ID!) {
    taskUpdated(projectId: $projectId) {
      action
      projectId
      taskId
      task {
        ...ProjectTask_task
      }
    }
  }
`);

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server's refusal (its message and code), else `fallback`. */
async function errorOf(response: Response, fallback: string): Promise<ErrorBody> {
  try {
    const body = (await response.json()) as ErrorBody | null;
    return typeof body?.error === 'string' && body.error ? body : { error: fallback };
  } catch {
    return { error: fallback };
  }
}

/** POST /api/v1/images (multipart field `image`) → the stored `/media/...` path; 413 → 'Too large file'. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  let response: Response;
  try {
    response = await fetch('/api/v1/images', { method: 'POST', headers: authHeaders(), body: form });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }
  if (response.status === 413) throw new ApiError(resourceMessages.tooLarge, 413);
  if (!response.ok) throw new ApiError(await errorOf(response, NETWORK_ERROR), response.status);
  const body = (await response.json()) as { value?: { path?: string } };
  if (!body.value?.path) throw new ApiError(NETWORK_ERROR);
  return body.value.path;
}

/** DELETE .../tasks/{taskId}: success only on 204, otherwise 'Incorrect status'. */
export async function deleteTask(projectId: string, taskId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/projects/${projectId}/tasks/${taskId}`, {
      method: 'DELETE',
      headers: authHeaders(),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR);
  }
  if (response.status === 204) return;
  throw new ApiError(response.ok ? t`Incorrect status` : await errorOf(response, t`Incorrect status`), response.status);
}

/** Re-reads one resource (the bot SDK check). */
export function readTask(projectId: string, taskId: string) {
  return api<{ id: number | string; isVerifiedSource: boolean }>('GET', `/v1/projects/${projectId}/tasks/${taskId}`);
}
