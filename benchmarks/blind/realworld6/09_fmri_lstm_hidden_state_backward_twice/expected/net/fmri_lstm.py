import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import numpy as np

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
class fMRI_LSTM(nn.Module):
    def __init__(self, hidden_dim, input_dim):
        super(fMRI_LSTM, self).__init__()
        self.hidden_dim = hidden_dim
        self.lstm = nn.LSTM(input_dim, hidden_dim,num_layers=1, batch_first=True) #
        self.linear = nn.Linear(hidden_dim,1)
        self.hidden= self.init_hidden()
        self.dropout = nn.Dropout(p=0.2)
        # self.target_size = target_size
        self.activate=nn.Sigmoid()

    def init_hidden(self, ):#
        return (torch.randn(1, 64, self.hidden_dim).to(device), torch.randn(1,64, self.hidden_dim).to(device))

    def forward(self, x):
        #x = x.T
        lstm_out, self.hidden = self.lstm(x)
        lstm_out = lstm_out.squeeze()[:, -1, :]
        out = self.dropout(lstm_out)
        # mean_pooling_output = F.avg_pool1d(out,)
        linear_output = self.linear(out)
        #linear_output = self.dropo(linear_output)

        final_output = self.activate(linear_output)
        return final_output
