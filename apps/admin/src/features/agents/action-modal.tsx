import { useState, type ReactNode } from 'react';
import { App, Form, Input, Modal, type FormInstance } from 'antd';
import { STAFF_AGENT_MESSAGES as M } from '@shop/contract/staff-agents';

export interface ActionModalProps<V> {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  /** The fields before the reason. */
  children?: ReactNode;
  /** May ask for a confirmation first; resolves when done (the modal closes), throws to keep it open. */
  onSubmit(values: V & { reason: string }, form: FormInstance): Promise<void>;
  onClose(): void;
}

/** A staff write on an agent: its fields, a required reason (it goes into the audit trail), server refusals shown. */
export function ActionModal<V>({ open, title, okText, danger, children, onSubmit, onClose }: ActionModalProps<V>) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    const values = (await form.validateFields()) as V & { reason: string };
    setBusy(true);
    try {
      await onSubmit(values, form);
      form.resetFields();
      onClose();
    } catch (e) {
      if (e instanceof Error && e.message) message.error(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: busy }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {children}
        <Form.Item
          name="reason"
          label="原因"
          rules={[
            { required: true, whitespace: true, message: M.reasonRequired },
            { max: 200, message: M.reasonTooLong },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="写明原因，将记入操作日志" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
