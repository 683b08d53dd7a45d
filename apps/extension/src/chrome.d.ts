/**
 * The few Chrome extension APIs this extension calls, declared by hand (the repository has no @types/chrome):
 * only what is used, as Chrome documents it.
 */
declare namespace chrome {
  namespace runtime {
    interface MessageSender {
      tab?: tabs.Tab;
      frameId?: number;
      origin?: string;
      url?: string;
      id?: string;
    }
    const id: string;
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    function getManifest(): { version: string };
    const onMessage: {
      addListener(
        callback: (
          message: unknown,
          sender: MessageSender,
          sendResponse: (response: unknown) => void,
        ) => boolean | undefined,
      ): void;
    };
  }
  namespace tabs {
    interface Tab {
      id?: number;
      windowId: number;
      url?: string;
      status?: 'loading' | 'complete' | 'unloaded';
      active: boolean;
    }
    function query(query: { windowId?: number; url?: string | string[] }): Promise<Tab[]>;
    function captureVisibleTab(
      windowId: number,
      options: { format: 'jpeg' | 'png'; quality?: number },
    ): Promise<string>;
    function sendMessage<T = unknown>(tabId: number, message: unknown): Promise<T>;
    const onUpdated: {
      addListener(
        callback: (tabId: number, change: { status?: string; url?: string }, tab: Tab) => void,
      ): void;
    };
  }
  namespace windows {
    interface Window {
      id?: number;
      tabs?: tabs.Tab[];
    }
    function create(options: { url: string; focused?: boolean; type?: 'normal' }): Promise<Window>;
    function remove(windowId: number): Promise<void>;
    const onRemoved: { addListener(callback: (windowId: number) => void): void };
  }
  namespace scripting {
    interface RegisteredContentScript {
      id: string;
      matches?: string[];
      js?: string[];
      runAt?: 'document_start' | 'document_end' | 'document_idle';
      persistAcrossSessions?: boolean;
      allFrames?: boolean;
    }
    function registerContentScripts(scripts: RegisteredContentScript[]): Promise<void>;
    function unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
    function getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<RegisteredContentScript[]>;
    function executeScript(injection: {
      target: { tabId: number; frameIds?: number[] };
      files: string[];
    }): Promise<unknown[]>;
  }
  namespace permissions {
    function request(permissions: { origins?: string[] }): Promise<boolean>;
    function contains(permissions: { origins?: string[] }): Promise<boolean>;
  }
  namespace storage {
    interface StorageArea {
      get(keys: string | string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    }
    const local: StorageArea;
    const session: StorageArea;
  }
}
