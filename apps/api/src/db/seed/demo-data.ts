/** The demo data listed in the README. Passwords are for the demo only. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_PAY_PASSWORD = '123456';

export const DEMO_GRADES = [
  { name: '体验代理', level: 1, firstRechargeFen: 100_000, bondFen: 50_000, openForRegistration: true },
  { name: '银卡代理', level: 2, firstRechargeFen: 500_000, bondFen: 100_000, openForRegistration: true },
  { name: '金卡代理', level: 3, firstRechargeFen: 2_000_000, bondFen: 300_000, openForRegistration: true },
  { name: '钻石代理', level: 4, firstRechargeFen: 5_000_000, bondFen: 500_000, openForRegistration: false },
] as const;

export const DEMO_AGENTS = [
  // The inviter of the other three: active, no deposit due, with money in every balance and a payment password.
  { phone: '13800000001', name: '张明', gradeIndex: 3, agentStatus: 1, isNeedBondStatus: 0, storeFen: 5_000_000, incomeFen: 800_000, points: 2000, payPassword: true, isInviter: true },
  // New: must make the first top-up.
  { phone: '13800000002', name: '李华', gradeIndex: 0, agentStatus: 0, isNeedBondStatus: 0, storeFen: 0, incomeFen: 0, points: 0, payPassword: false, isInviter: false },
  // Active with the compliance deposit due.
  { phone: '13800000003', name: '王芳', gradeIndex: 1, agentStatus: 1, isNeedBondStatus: 1, storeFen: 0, incomeFen: 0, points: 0, payPassword: false, isInviter: false },
  // Active, empty goods fund, a little income.
  { phone: '13800000004', name: '赵强', gradeIndex: 2, agentStatus: 1, isNeedBondStatus: 0, storeFen: 0, incomeFen: 10_000, points: 0, payPassword: false, isInviter: false },
] as const;

export const DEMO_AGREEMENT = {
  title: '代理商注册协议',
  html: [
    '<h3>一、总则</h3>',
    '<p>本协议是您与本平台之间关于成为平台代理商所订立的协议。请您在注册前仔细阅读本协议全部内容。</p>',
    '<h3>二、代理商的权利与义务</h3>',
    '<p>1. 代理商应如实填写注册信息，并对账户和密码的安全负责。</p>',
    '<p>2. 代理商应遵守国家法律法规及平台规则，不得进行虚假宣传。</p>',
    '<p>3. 代理商须按所选级别完成首次充值后方可采购商品。</p>',
    '<h3>三、合规保证金</h3>',
    '<p>平台可根据代理商级别要求缴纳合规保证金，退保后账户将自动退出。</p>',
    '<h3>四、其他</h3>',
    '<p>本协议的解释权归平台所有。</p>',
  ].join(''),
};
